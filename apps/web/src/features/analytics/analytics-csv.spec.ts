import { toCsv } from './analytics-csv';

test('a spreadsheet opening the CSV sees each cell as written: quotes, commas and line breaks kept, negative numbers as numbers', () => {
  expect(
    toCsv(
      ['name', 'change'],
      [
        ['Café "Zur Post", Berlin', -0.25],
        ['two\nlines', null],
      ],
    ),
  ).toBe('name,change\r\n"Café ""Zur Post"", Berlin",-0.25\r\n"two\nlines",\r\n');
});

test('text a visitor could have typed never runs as a formula', () => {
  expect(toCsv(['referrer'], [['=1+1'], ['+SUM(A1)'], ['-2'], ['@cmd'], ['https://ok.example']])).toBe(
    "referrer\r\n'=1+1\r\n'+SUM(A1)\r\n'-2\r\n'@cmd\r\nhttps://ok.example\r\n",
  );
});
