// jsdom's stand-in for matchMedia matches no query: the app lays itself out as on a phone.
const asPhone = window.matchMedia;

/** From Mantine's `sm` breakpoint up, as on a laptop: codes in a table, dragged onto folders. */
export function onALaptop(): void {
  window.matchMedia = (query: string) => ({ ...asPhone(query), matches: query.startsWith('(min-width') });
}

/** Back to a phone's layout, for the next test. */
export function backToAPhone(): void {
  window.matchMedia = asPhone;
}
