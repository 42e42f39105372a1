'use strict';

/**
 * side-channel in the browser build (aliased in vite.config.ts). qs, which Refine uses for its
 * URLs, keeps its notes on objects (cycles met by stringify, arrays parse capped) in these
 * channels; the package builds them through get-intrinsic and object-inspect so they run on
 * engines without WeakMap, 10 KB gzip of the first load that no browser we support needs.
 * CommonJS because qs requires it and calls what it gets. Same API: assert, delete, get, has, set.
 */
const isObject = (key) => (typeof key === 'object' && key !== null) || typeof key === 'function';

module.exports = function getSideChannel() {
  const objects = new WeakMap();
  const others = new Map();
  const mapOf = (key) => (isObject(key) ? objects : others);
  const channel = {
    assert(key) {
      if (!channel.has(key))
        throw new TypeError(`Side channel does not contain ${isObject(key) ? 'the given object key' : String(key)}`);
    },
    delete: (key) => mapOf(key).delete(key),
    get: (key) => mapOf(key).get(key),
    has: (key) => mapOf(key).has(key),
    set(key, value) {
      mapOf(key).set(key, value);
    },
  };
  return channel;
};
