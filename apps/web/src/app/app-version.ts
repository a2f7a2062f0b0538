// The root package.json is the one place the version lives; Vite inlines just this field.
import { version } from '../../../../package.json';

export const APP_VERSION: string = version;
