module.exports = { ...require('../../jest.preset.js'), displayName: 'projections-loyalty', rootDir: __dirname };
