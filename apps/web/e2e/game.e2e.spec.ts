import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { api, signUpOwner } from './accessibility-seed';
import { CHROMIUM, CHROMIUM_ARGS, journeyPrerequisites, startJourneyServer, type JourneyServer } from './journey-server';
import { checkScreen, SHOTS } from './screen-checks';

const { missing, describeJourney } = journeyPrerequisites('web game journey');

const shoot = (page: Page, name: string) => checkScreen(page, `game-${name}`);

const voucherPrize = (id: string, label: string) => ({
  id,
  label,
  stock: 50,
  chance: 100,
  claim: { kind: 'voucher', text: 'One coffee of your choice at the counter.' },
});

describeJourney('games, from staff creating a wheel and a quiz to a phone winning, claiming and ranking', () => {
  let server: JourneyServer;
  let browser: Browser;

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`REQUIRE_SERVICES=1 but missing ${missing.join(' and ')}`);
    mkdirSync(SHOTS, { recursive: true });
    server = await startJourneyServer('/tmp/web-e2e-game-api.log');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('a phone at 375 px spins a wheel, wins and claims a voucher with its QR, which staff redeem; a quiz ranks it on the board', async () => {
    const { origin } = server;
    const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await admin.newPage();
    await signUpOwner(page, origin, `ada.${Date.now()}@example.com`);
    const code = await api<{ code_id: string }>(page, 'POST', '/api/v1/codes', { org_id: '{org_id}', name: 'Counter', type: 'page' });
    const create = async (terms: object) => {
      const game = await api<{ game_id: string }>(page, 'POST', '/api/v1/games', { org_id: '{org_id}', code_id: code.code_id, ...terms });
      await api(page, 'POST', `/api/v1/games/${game.game_id}/open`);
      return game.game_id;
    };
    const wheelId = await create({
      name: 'Spin for a treat',
      kind: 'wheel',
      prizes: [voucherPrize('coffee', 'A free coffee')],
      play_limit: { plays: 2, per: 'day' },
    });
    const quizId = await create({
      name: 'Coffee quiz',
      kind: 'quiz',
      prizes: [voucherPrize('cake', 'A slice of cake')],
      quiz: {
        questions: [
          {
            id: 'bean',
            text: 'Which bean makes most espresso?',
            answers: [
              { id: 'a', label: 'Arabica' },
              { id: 'b', label: 'Lima' },
            ],
            correct: 'a',
            seconds: 30,
          },
          {
            id: 'milk',
            text: 'How hot is the milk for a latte?',
            answers: [
              { id: 'a', label: '65 °C' },
              { id: 'b', label: '95 °C' },
            ],
            correct: 'a',
            seconds: 30,
          },
        ],
      },
      leaderboard: { order: 'desc', period: 'week', time_zone: 'UTC' },
    });
    const scratchId = await create({ name: 'Scratch and win', kind: 'scratch', prizes: [voucherPrize('coffee', 'A free coffee')] });

    // A visitor's phone, as the game's QR code leads them.
    const phone = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
    const player = await phone.newPage();
    await player.goto(`${origin}/game/${wheelId}`);
    await player.getByRole('heading', { name: 'Spin for a treat', level: 1 }).waitFor();
    await player.getByText('Harbour Deli').waitFor();
    await player.getByText('2 plays left').waitFor();
    await shoot(player, 'wheel');
    await player.getByRole('button', { name: 'Spin the wheel' }).click();
    await player.getByRole('button', { name: 'Spinning…' }).waitFor();
    await player.getByText('You won: A free coffee!').waitFor({ timeout: 10_000 });
    await player.getByText('1 play left').waitFor();
    await shoot(player, 'wheel-won');

    await player.getByRole('button', { name: 'Claim your prize' }).click();
    await player.getByRole('heading', { name: 'Show this at the counter' }).waitFor();
    const qr = player.getByRole('img', { name: /^QR code of voucher [A-Z0-9]{10}, for staff to scan$/ });
    await qr.waitFor();
    const voucherCode = /voucher ([A-Z0-9]{10})/.exec((await qr.getAttribute('alt')) ?? '')![1]!;
    await player.getByText(voucherCode, { exact: true }).waitFor();
    await shoot(player, 'voucher');

    // A reload shows the same outcome and the same voucher.
    await player.reload();
    await player.getByText('You won: A free coffee!').waitFor();
    await player.getByText(voucherCode, { exact: true }).waitFor();

    // Staff redeem it at the counter; the phone held up says so by itself.
    await api(page, 'POST', `/api/v1/games/${wheelId}/vouchers/${voucherCode}/redeem`);
    await player.getByText('Redeemed', { exact: true }).waitFor({ timeout: 10_000 });
    await shoot(player, 'voucher-redeemed');

    // The second of two plays a day: then none is left, and the page says when the next one comes.
    await player.getByRole('button', { name: 'Spin again' }).click();
    await player.getByText('No plays left for now').waitFor({ timeout: 10_000 });
    await player.getByText(/^Your next play comes at .+\.$/).waitFor();
    expect(await player.getByRole('button', { name: 'Spin again' }).isDisabled()).toBe(true);
    await shoot(player, 'wheel-no-plays-left');

    // The scratch card comes covered; "Reveal" takes the cover off.
    await player.goto(`${origin}/game/${scratchId}`);
    await player.getByRole('button', { name: 'Get a card' }).click();
    await player.getByRole('button', { name: 'Reveal' }).waitFor();
    await shoot(player, 'scratch-covered');
    // Rubbed off row by row with the mouse, as a finger would: past half of it, the rest falls off.
    const cover = (await player.locator('canvas').boundingBox())!;
    for (let y = cover.y + 8; y < cover.y + cover.height * 0.7; y += 24) {
      await player.mouse.move(cover.x + 4, y);
      await player.mouse.down();
      await player.mouse.move(cover.x + cover.width - 4, y, { steps: 8 });
      await player.mouse.up();
    }
    await player.getByRole('status').getByText('You won: A free coffee!').waitFor();
    await shoot(player, 'scratch-revealed');

    // The quiz: a nickname, two questions, the score and the board with this player's rank.
    await player.goto(`${origin}/game/${quizId}`);
    await player.getByLabel('Your nickname').fill('Ada');
    await shoot(player, 'quiz-start');
    await player.getByRole('button', { name: 'Start the quiz' }).click();
    await player.getByRole('heading', { name: 'Which bean makes most espresso?' }).waitFor();
    await shoot(player, 'quiz-question');
    await player.getByRole('button', { name: 'Arabica' }).click();
    await player.getByRole('heading', { name: 'How hot is the milk for a latte?' }).waitFor();
    await player.getByText(/^Right answer: \d+ added to your score\.$/).waitFor();
    await player.getByRole('button', { name: '65 °C' }).click();
    await player.getByRole('heading', { name: /^Your score: \d+$/ }).waitFor();
    await player.getByText('You won: A slice of cake!').waitFor();
    await player.getByRole('heading', { name: 'This week’s leaderboard' }).waitFor();
    await player.getByRole('row', { name: /Ada \(you\)/ }).waitFor();
    await player.getByText(/^You are number 1 with \d+\.$/).waitFor();
    await shoot(player, 'quiz-board');

    await phone.close();
    await admin.close();
  });
});
