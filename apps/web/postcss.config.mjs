// Mantine's PostCSS preset: rem(), light-dark(), @mixin hover/dark/light/smaller-than, and the
// breakpoint variables used in CSS modules. (ESM rather than .cjs so the repo's lint covers it.)
export default {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
    },
  },
};
