// The real daily-js's ESM build, imported by path so the app's `@daily-co/daily-js` alias (our
// call-client switch) does not resolve to itself.
declare module '@daily-co/daily-js/dist/daily-esm.js' {
  const DailyIframe: { createCallObject: (options?: object) => unknown };
  export default DailyIframe;
}
