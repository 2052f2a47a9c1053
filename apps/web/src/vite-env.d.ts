// Mantine's base styles, a module made by the mantine-styles plugin in vite.config.ts.
declare module 'virtual:mantine-styles';
