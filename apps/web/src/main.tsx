// Mantine's base styles; each component's own stylesheet comes with its code (vite.config.ts).
import 'virtual:mantine-styles';
import './styles/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the app into.');

// A screen's stylesheet failing to preload should not by itself stop the screen: let the import
// of its code decide. If the code is missing too (say an old chunk removed by a deploy), the
// import rejects with the real error and the router shows the error panel. Only the CSS case is
// let through: preventing a failed import would make Vite resolve it as undefined.
window.addEventListener('vite:preloadError', (event) => {
  if (event.payload.message.startsWith('Unable to preload CSS')) event.preventDefault();
});

const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
