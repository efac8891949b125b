// Build-time stand-in for the `hasown` package: Object.prototype.hasOwnProperty.call (see object-entries.cjs).
module.exports = function hasOwn(obj, key) {
  return Object.prototype.hasOwnProperty.call(obj, key);
};
