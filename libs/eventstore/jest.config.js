module.exports = { ...require('../../jest.preset.js'), displayName: 'eventstore', rootDir: __dirname };
