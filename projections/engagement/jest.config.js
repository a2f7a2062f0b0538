module.exports = { ...require('../../jest.preset.js'), displayName: 'projections-engagement', rootDir: __dirname };
