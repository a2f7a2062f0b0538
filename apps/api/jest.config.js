// Two specs at a time even on two cores: most of an API spec's time is waiting (for a read model's
// wake, a stand-in's answer, a lease), so a second one fills it; this halves CI's longest project.
module.exports = { ...require('../../jest.preset.js'), displayName: 'api', rootDir: __dirname, maxWorkers: 2 };
