// Mantine's PostCSS preset: rem/em functions and the light/dark and breakpoint mixins in our CSS files.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
