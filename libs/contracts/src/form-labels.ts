// Free of zod, so a visitor's landing page can label its form without the schemas.

/**
 * The label an input's answer goes by where its display name is empty (the default form's are):
 * its name in words, `last_name` as "Last name". Visitors see the same on the form.
 */
export const labelFromInputName = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1).replaceAll('_', ' ');
