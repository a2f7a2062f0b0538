import { QrDesign, type QrDesignInput } from './qr-design';

export interface QrDesignPreset {
  id: string;
  label: string;
  design: QrDesign;
}

const preset = (id: string, label: string, design: QrDesignInput): QrDesignPreset => ({ id, label, design: QrDesign.parse(design) });

/** Starting points for the designer; every one is rendered and decoded by the qr-render tests. */
export const QR_DESIGN_PRESETS: readonly QrDesignPreset[] = [
  preset('classic', 'Classic', {}),
  preset('rounded-navy', 'Rounded navy', { foreground: '#1b2a4a', module_shape: 'rounded', eye_style: 'rounded' }),
  preset('ocean-dots', 'Ocean dots', {
    module_shape: 'dots',
    eye_style: 'rounded',
    gradient: { type: 'linear', from: '#0b3d91', to: '#087f8c', rotation: 45 },
  }),
  preset('berry', 'Berry', { foreground: '#5b1a6e', eye_colour: '#c2185b', module_shape: 'rounded', eye_style: 'rounded' }),
  preset('forest-scan-me', 'Forest, “Scan me”', {
    foreground: '#1e4d2b',
    module_shape: 'rounded',
    frame: { style: 'banner', text: 'Scan me', colour: '#1e4d2b', text_colour: '#ffffff' },
  }),
  preset('sunset-radial', 'Sunset', { gradient: { type: 'radial', from: '#8e2424', to: '#5a2d82' }, eye_style: 'rounded' }),
  preset('menu-box', 'Menu board', {
    foreground: '#2d2d2d',
    eye_style: 'rounded',
    frame: { style: 'box', text: 'See the menu', colour: '#c0392b', text_colour: '#ffffff' },
  }),
  preset('ink-on-cream', 'Ink on cream', { foreground: '#222222', background: '#fbf6e9', module_shape: 'dots', eye_style: 'square' }),
];
