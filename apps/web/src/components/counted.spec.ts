import { counted } from './counted';

test('says one thing in the singular and any other count in the plural, with thousands separated', () => {
  expect([counted(1, 'scan'), counted(0, 'scan'), counted(1200, 'code'), counted(2, 'entry', 'entries')]).toEqual([
    '1 scan',
    '0 scans',
    '1,200 codes',
    '2 entries',
  ]);
});
