import type { ReportedPosition } from './promos.commands';
import { NOW, attempt, brandenburgGate, created, given, redeemed, redeems, refused, refuses } from './promo-campaign.fixture';

describe('redeeming a promo code: time', () => {
  it('is valid from the start and until just before the end', () => {
    const window = created({ starts_at: '2026-12-02T12:00:00Z', ends_at: '2026-12-02T13:00:00Z' });
    refuses([window], attempt({ at: '2026-12-02T11:59:59.999Z' }), 'not_yet_valid');
    redeems([window], attempt({ at: '2026-12-02T12:00:00.000Z' }));
    redeems([window], attempt({ at: '2026-12-02T12:59:59.999Z' }));
    refuses([window], attempt({ at: '2026-12-02T13:00:00.000Z' }), 'expired');
  });

  it('reads the hours in the campaign’s time zone, summer time included', () => {
    const berlin = created({ hours: { from: '09:00', until: '17:00' }, time_zone: 'Europe/Berlin' });
    const utc = created({ hours: { from: '09:00', until: '17:00' } });
    refuses([berlin], attempt({ at: '2026-12-02T07:59:00Z' }), 'outside_hours');
    redeems([berlin], attempt({ at: '2026-12-02T08:00:00Z' }));
    refuses([berlin], attempt({ at: '2026-12-02T16:00:00Z' }), 'outside_hours');
    redeems([utc], attempt({ at: '2026-12-02T16:00:00Z' }));
    refuses([utc], attempt({ at: '2026-12-02T17:00:00Z' }), 'outside_hours');
    // In July Berlin is two hours ahead of UTC.
    refuses([berlin], attempt({ at: '2026-07-01T06:59:00Z' }), 'outside_hours');
    redeems([berlin], attempt({ at: '2026-07-01T07:00:00Z' }));
  });

  it('counts hours past midnight to the day they began', () => {
    // Friday nights only, 22:00 to 02:00 in Berlin (UTC+1 in December).
    const fridayNights = created({ days: [5], hours: { from: '22:00', until: '02:00' }, time_zone: 'Europe/Berlin' });
    redeems([fridayNights], attempt({ at: '2026-12-04T21:30:00Z' })); // Friday 22:30
    redeems([fridayNights], attempt({ at: '2026-12-05T00:59:00Z' })); // Saturday 01:59
    refuses([fridayNights], attempt({ at: '2026-12-05T01:00:00Z' }), 'outside_hours'); // Saturday 02:00
    refuses([fridayNights], attempt({ at: '2026-12-04T00:30:00Z' }), 'outside_hours'); // Friday 01:30, Thursday's night
    refuses([fridayNights], attempt({ at: '2026-12-05T21:30:00Z' }), 'outside_hours'); // Saturday 22:30
    refuses([fridayNights], attempt({ at: '2026-12-04T20:59:00Z' }), 'outside_hours'); // Friday 21:59
    // Sunday's night runs into Monday: the week wraps.
    const sundayNights = created({ days: [7], hours: { from: '22:00', until: '02:00' }, time_zone: 'Europe/Berlin' });
    redeems([sundayNights], attempt({ at: '2026-12-07T00:00:00Z' })); // Monday 01:00
    refuses([sundayNights], attempt({ at: '2026-12-08T00:00:00Z' }), 'outside_hours'); // Tuesday 01:00
    redeems([sundayNights], attempt({ at: '2026-12-06T23:00:00Z' })); // Monday 00:00, read as 00 and not 24
    // Until midnight: 00:00 ends the evening rather than starting a day-long window.
    const evenings = created({ hours: { from: '18:00', until: '00:00' } });
    redeems([evenings], attempt({ at: '2026-12-02T23:59:00Z' }));
    refuses([evenings], attempt({ at: '2026-12-03T00:00:00Z' }), 'outside_hours');
    refuses([evenings], attempt({ at: '2026-12-02T17:59:00Z' }), 'outside_hours');
  });

  it('reads the day of the week in the campaign’s time zone', () => {
    const saturdays = { days: [6], hours: null };
    const berlin = created({ ...saturdays, time_zone: 'Europe/Berlin' });
    const utc = created(saturdays);
    refuses([utc], attempt({ at: NOW }), 'outside_hours'); // a Wednesday
    // Friday 23:30 UTC is already Saturday in Berlin; Saturday 23:30 UTC is Sunday there.
    redeems([berlin], attempt({ at: '2026-12-04T23:30:00Z' }));
    refuses([utc], attempt({ at: '2026-12-04T23:30:00Z' }), 'outside_hours');
    refuses([berlin], attempt({ at: '2026-12-05T23:30:00Z' }), 'outside_hours');
    redeems([utc], attempt({ at: '2026-12-05T23:30:00Z' }));
    // New York is behind: Sunday 03:00 UTC is still Saturday there.
    redeems([created({ ...saturdays, time_zone: 'America/New_York' })], attempt({ at: '2026-12-06T03:00:00Z' }));
  });
});

describe('redeeming a promo code: place', () => {
  const atGate = created({ place: brandenburgGate });
  const inside: ReportedPosition = { latitude: 52.5163, longitude: 13.379, accuracy_m: 20 };
  const outside: ReportedPosition = { latitude: 52.5173, longitude: 13.3777, accuracy_m: 20 };
  const seen = (position: ReportedPosition, distance_m: number | null) => ({ ...position, distance_m });

  it('redeems inside the radius and refuses outside it, recording the distance', () => {
    const near = attempt({ position: inside });
    given([atGate])
      .when(near)
      .then([redeemed(near, seen(inside, 88))]);
    const far = attempt({ position: outside });
    given([atGate])
      .when(far)
      .then([refused(far, 'outside_area', seen(outside, 114))]);
    // A phone that does not say how precise it is, is taken at its word.
    const unsure = attempt({ position: { ...inside, accuracy_m: null } });
    given([atGate])
      .when(unsure)
      .then([redeemed(unsure, seen({ ...inside, accuracy_m: null }, 88))]);
  });

  it('refuses a visitor without a location unless the campaign allows it', () => {
    refuses([atGate], attempt(), 'outside_area');
    redeems([created({ place: brandenburgGate, allow_without_location: true })], attempt());
  });

  it('treats a fix coarser than the radius as no location, but records it', () => {
    const vague = { ...inside, accuracy_m: 150 };
    const coarse = attempt({ position: vague });
    given([atGate])
      .when(coarse)
      .then([refused(coarse, 'outside_area', seen(vague, 88))]);
    const allowed = attempt({ position: vague });
    given([created({ place: brandenburgGate, allow_without_location: true })])
      .when(allowed)
      .then([redeemed(allowed, seen(vague, 88))]);
    const justFine = attempt({ position: { ...inside, accuracy_m: 100 } });
    given([atGate])
      .when(justFine)
      .then([redeemed(justFine, seen({ ...inside, accuracy_m: 100 }, 88))]);
  });

  it('keeps the position to 4 decimals but measures from the exact one', () => {
    // Rounded to 52.5163, 13.3781 the point is 27 m from the gate; where the phone was, 31 m.
    const exact = attempt({ position: { latitude: 52.51634999, longitude: 13.37814999, accuracy_m: 5 } });
    given([atGate])
      .when(exact)
      .then([redeemed(exact, { latitude: 52.5163, longitude: 13.3781, accuracy_m: 5, distance_m: 31 })]);
    // Without a place there is no distance, and southern and western positions round the same way.
    const sydney = attempt({ position: { latitude: -33.868512, longitude: -151.209312, accuracy_m: 12 } });
    given([created()])
      .when(sydney)
      .then([redeemed(sydney, { latitude: -33.8685, longitude: -151.2093, accuracy_m: 12, distance_m: null })]);
  });
});
