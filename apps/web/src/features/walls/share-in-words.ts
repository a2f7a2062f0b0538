/** A share between 0 and 1 as a whole percentage, as staff read NSFW scores and thresholds: "60%". */
export const percent = (share: number) => `${Math.round(share * 100)}%`;
