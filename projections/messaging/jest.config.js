module.exports = { ...require('../../jest.preset.js'), displayName: 'projections-messaging', rootDir: __dirname };
