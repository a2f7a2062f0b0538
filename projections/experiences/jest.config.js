module.exports = { ...require('../../jest.preset.js'), displayName: 'projections-experiences', rootDir: __dirname };
