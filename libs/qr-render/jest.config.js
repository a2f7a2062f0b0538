module.exports = { ...require('../../jest.preset.js'), displayName: 'qr-render', rootDir: __dirname };
