/** Earliest and latest dates any date picker offers (spec §9), as Mantine's YYYY-MM-DD strings. */
export const DATE_PICKER_MIN = '1900-01-01';
export const DATE_PICKER_MAX = '2099-12-31';
