import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { createQueryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

/**
 * The key is Mantine's default, and public/color-scheme.js reads the same key before first
 * paint, so a dark-mode user never sees a light flash. "auto" follows the operating system
 * until the user picks a scheme with the toggle.
 */
const COLOR_SCHEME_STORAGE_KEY = 'mantine-color-scheme-value';
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <ErrorBoundary>{children}</ErrorBoundary>
      </QueryClientProvider>
    </MantineProvider>
  );
}
