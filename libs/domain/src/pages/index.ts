export * from './form-answers';
