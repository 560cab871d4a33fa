export const id = 276;
export const ids = [276];
export const modules = {

/***/ 14276:
/***/ ((module) => {

module.exports = eval("require")("@node-rs/xxhash");


/***/ })

};
