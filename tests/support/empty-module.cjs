// Stylesheets imported by client modules have no meaning in node tests (the build bundles them).
module.exports = {};
