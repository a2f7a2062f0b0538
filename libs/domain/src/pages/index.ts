export * from './form-answers';
export * from './pages.commands';
export * from './pages.decider';
export * from './pages.events';
export * from './page-names';
