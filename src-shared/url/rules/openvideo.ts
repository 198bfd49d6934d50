import { hostIn, pathSegments } from '../prepare';
import type { PlatformRule } from '../types';

// The page slug starts with `v` + a short base36 id and ends in `.html` (spec §4.1).
const PAGE = /^(v[0-9a-z]{4,7})-[^/]*\.html$/;

export const openvideoRule: PlatformRule = {
  platform: 'openvideo',
  ownsHost: hostIn('rumble.com', 'www.rumble.com'),
  match(url) {
    const segments = pathSegments(url);
    const [page] = segments;
    const m = segments.length === 1 && page !== undefined ? PAGE.exec(page) : null;
    if (m === null) return { reason: 'Not a Rumble video page (expected rumble.com/v<id>-<title>.html); embed and channel links are not accepted' };
    const id = m[1] as string;
    return { canonicalKey: id, itemId: id, normalizedUrl: `https://rumble.com/${page}` };
  },
};
