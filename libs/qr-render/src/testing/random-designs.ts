import { CodeContent, QR_DESIGNER_OFFERS, QrDesign, QrLogo, QrPixels, type QrDesignInput } from '@qr/contracts';

/**
 * Designs as the designer lets a user make them (apps/web/src/features/codes/qr-designer*.tsx):
 * the styles it offers, any colours (mostly dark on light, as people choose them; some the
 * save-time check must refuse), a gradient at the designer's 45°, eye colours, logos of every size
 * its slider allows, frames with short calls to action, every error correction and quiet zone the
 * contract takes, and square sizes on the designer's 64 px steps. Drawn from a seeded `next` (see
 * `seeded` in qr-fixtures), so a run can be replayed design by design.
 */

type Next = () => number;

const pick = <T>(next: Next, options: readonly T[]): T => options[Math.floor(next() * options.length)]!;
const between = (next: Next, min: number, max: number): number => min + Math.floor(next() * (max - min + 1));

/** A colour whose channels are each below `max`: 256 for any colour, about 110 for a dark ink. */
function hex(next: Next, max = 256): string {
  const channel = () =>
    Math.floor(next() * max)
      .toString(16)
      .padStart(2, '0');
  return `#${channel()}${channel()}${channel()}`;
}

const DARK = 110;
const LIGHT_BACKGROUNDS = ['#ffffff', '#ffffff', '#fffaf0', '#f0f4ff', '#fdf2e9', '#eef7ee', '#fbf6e9'];
/** Backgrounds that darken the code: with a dark ink some stay readable, many do not. */
const DARK_BACKGROUNDS = ['#000000', '#1b2a4a', '#777777', '#c0392b'];
const FRAME_TEXTS = ['Scan me', 'Menu', 'Win a prize!', 'Free Wi-Fi', 'Scannez-moi', 'Café del Mar', 'Сканируй', 'スキャン'];

const [SIZE_MIN, SIZE_MAX] = [QrPixels.minValue!, QrPixels.maxValue!];
const SIZE_STEP = 64;
const MARGIN_MAX = QrDesign.shape.margin.unwrap().maxValue!;
const [LOGO_MIN, LOGO_MAX] = [QrLogo.shape.size.unwrap().minValue!, QrLogo.shape.size.unwrap().maxValue!];

/** Most codes are printed small to medium; the designer's number input still reaches 4096. */
function randomSide(next: Next): number {
  const roll = next();
  const [low, high] = roll < 0.7 ? [SIZE_MIN, 1024] : roll < 0.9 ? [1024, 2048] : [2048, SIZE_MAX];
  const steps = between(next, 0, Math.floor((high - low) / SIZE_STEP));
  return Math.min(SIZE_MAX, low + steps * SIZE_STEP);
}

/** A design the designer can produce; its logo, if any, is the upload `blob_id: 'logo'`. */
export function randomDesign(next: Next): QrDesign {
  // One design in eight in colours anyone may pick, which the check refuses when they are too weak.
  const anyColours = next() < 0.125;
  const ink = () => hex(next, anyColours ? 256 : DARK);
  const background = anyColours ? (next() < 0.5 ? hex(next) : pick(next, DARK_BACKGROUNDS)) : pick(next, LIGHT_BACKGROUNDS);
  const side = randomSide(next);
  const frame =
    next() < 0.3 ? { style: pick(next, ['box', 'banner'] as const), text: pick(next, FRAME_TEXTS), colour: hex(next, DARK), text_colour: '#ffffff' } : null;
  const input: QrDesignInput = {
    foreground: ink(),
    background,
    gradient: next() < 0.3 ? { type: pick(next, ['linear', 'radial'] as const), from: ink(), to: ink(), rotation: 45 } : null,
    module_shape: pick(next, QR_DESIGNER_OFFERS.module_shape),
    eye_style: pick(next, QR_DESIGNER_OFFERS.eye_style),
    eye_colour: next() < 0.3 ? ink() : null,
    logo: next() < 0.3 ? { blob_id: 'logo', size: Math.round((LOGO_MIN + next() * (LOGO_MAX - LOGO_MIN)) * 100) / 100 } : null,
    frame,
    error_correction: pick(next, ['L', 'M', 'Q', 'H'] as const),
    // The designer starts at the contract's default of 4; some users change it, to anything it offers.
    margin: next() < 0.5 ? 4 : between(next, QR_DESIGNER_OFFERS.least_margin[frame?.style ?? 'none'], MARGIN_MAX),
    width: side,
    height: side,
  };
  return QrDesign.parse(input);
}

/** Text in scripts a decoder must not mistake for another encoding, and ASCII, which most content is. */
const NAMES = [
  { first_name: 'Alex', last_name: 'Morgan' },
  { first_name: 'José', last_name: 'Núñez' },
  { first_name: 'Zoë', last_name: 'Müller' },
  { first_name: 'Дмитрий', last_name: 'Иванов' },
  { first_name: 'נועה', last_name: 'כהן' },
  { first_name: 'محمد', last_name: 'العلي' },
  { first_name: '太郎', last_name: '山田' },
];
const NETWORKS = ['Guest Wi-Fi', 'Café Lumière', 'Гостевой', 'אורחים', 'مقهى', '咖啡店客人', 'Guest 📶', 'HomeNet-5G'];
const PHRASES = [
  'Show this screen at the till to get 20% off your order.',
  'Doors open at nine; the keynote starts at ten in the main hall.',
  'Über den Wolken muss die Freiheit wohl grenzenlos sein.',
  'Добро пожаловать! Завтрак подаётся с семи до десяти.',
  'ברוכים הבאים למסעדה שלנו, התפריט מתחלף כל שבוע.',
  'مرحبا بكم في مقهانا، الإنترنت مجاني للضيوف.',
  '本日のおすすめはカレーライスです。',
  'Thanks for visiting 🎉 see you soon!',
];

function longText(next: Next): string {
  const sentences: string[] = [];
  const length = between(next, 300, 1200);
  while (sentences.join(' ').length < length) sentences.push(pick(next, PHRASES));
  return sentences.join(' ');
}

/**
 * Content a code can hold itself (`?holds=content`): Wi-Fi, vCard, long text and the shorter types,
 * about half of it beyond ASCII. The contract parses it, so it is content the API accepts.
 */
export function randomHeldContent(next: Next): CodeContent {
  const kind = pick(next, ['wifi', 'wifi', 'vcard', 'vcard', 'text', 'text', 'note', 'url', 'email', 'sms', 'phone'] as const);
  const input = (() => {
    switch (kind) {
      case 'wifi':
        return { type: kind, ssid: pick(next, NETWORKS), password: `pass-${between(next, 1000, 9999)}`, encryption: 'WPA' };
      case 'vcard':
        return {
          type: kind,
          ...pick(next, NAMES),
          organization: pick(next, ['Example Studio', 'Société Générale du Café', 'ООО Пример', '株式会社例']),
          email: 'hello@example.com',
          phone: '+1 555 010 1234',
          website: 'https://example.com',
          ...(next() < 0.5 ? { street: 'Rue de l’Église 12', city: 'Zürich', country: 'Schweiz' } : {}),
        };
      case 'text':
        return { type: kind, text: longText(next) };
      case 'note':
        return { type: kind, title: pick(next, ['Today’s offer', 'Menü', 'Объявление']), text: pick(next, PHRASES) };
      case 'url':
        return { type: kind, url: `https://example.com/${pick(next, ['menu', 'events/2027', 'café'])}?ref=print` };
      case 'email':
        return { type: kind, to: 'hello@example.com', subject: pick(next, ['Hello', 'Réservation', 'Заказ']), body: pick(next, PHRASES) };
      case 'sms':
        return { type: kind, phone: '+44 20 7946 0958', message: pick(next, ['JOIN', 'Ja, gerne!', 'Да']) };
      case 'phone':
        return { type: kind, phone: '+1 555 010 1234' };
    }
  })();
  return CodeContent.parse(input);
}
