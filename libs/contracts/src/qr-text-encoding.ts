/**
 * How a QR code carries its text. 7-bit ASCII reads the same in every character set, so it is
 * encoded as it always was: no ECI, and prints made before keep their modules. Anything else is
 * its UTF-8 bytes after the UTF-8 ECI designator: without one, zbar reads the bytes as Shift JIS
 * ("Café" becomes "Caf矇" and a phone joins the wrong network). The designator comes first and the
 * whole text is one byte segment, since OpenCV and zbar misread an ECI that follows other segments.
 */
export const UTF8_ECI = 26;

/** Whether `text` needs the UTF-8 ECI designator, i.e. holds anything beyond 7-bit ASCII. */
export const needsUtf8Eci = (text: string): boolean => /[\u0080-\uffff]/.test(text);
