// The formatter's two styles, on their own so that naming them (the CLI's
// option choices) does not load the formatter.

import type { Style } from './expr';

export const FORMAT_STYLES: readonly Style[] = ['expanded', 'dense'];
