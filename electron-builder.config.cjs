// `npm run dist` (electron-builder) reads this file; the settings live in packaging/config.cjs.
'use strict';

module.exports = require('./packaging/config.cjs').builderConfig(process.env);
