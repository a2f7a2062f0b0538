import { z } from 'zod';

/**
 * A field left out reads "This field is required." rather than zod's "expected string, received
 * undefined", in API problem details and in the web forms alike. Schemas with their own message keep it.
 */
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'This field is required.' : undefined),
});
