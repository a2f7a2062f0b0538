module.exports = { ...require('../../jest.preset.js'), displayName: 'lint', rootDir: __dirname };
