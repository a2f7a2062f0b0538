module.exports = { ...require('../../jest.preset.js'), displayName: 'projections-runner', rootDir: __dirname };
