// Build-time stand-in for the `object.entries` polyfill package (node-polyglot's dependency): every browser
// the console supports has Object.entries, and the polyfill pulls ~12 KB of es-abstract into /login.
module.exports = function entries(obj) {
  return Object.entries(obj);
};
