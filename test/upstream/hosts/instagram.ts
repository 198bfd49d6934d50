// www.instagram.com as a logged-out browser sees it: the home page (LSD token in `__eqmc`, a
// csrftoken cookie) and `api/graphql` answering PolarisLoggedOutDesktopWWWPostRootContentQuery by
// media id; the CDN serves the video. Built from research/upstream-video.md §3.2's field paths.
import { readFile } from 'node:fs/promises';
import { file, html, json, notFound, redirect, withTransportScenario, type Answer, type FixtureRequest } from '../answers';
import { mediaFile } from '../media';
import type { HostModule } from './index';

export const INSTAGRAM_SHORTCODES = {
  reel: 'DFx1ReelOk0',
  /** A video post (`/p/`) whose media is a carousel with the video second. */
  carousel: 'DFx2Carous3',
  photo: 'DFx3Photo00',
  /** Gated for visitors: a private account. */
  private: 'DFx4Privat3',
  deleted: 'DFx5Delete0',
  /** Sent to the login page: Instagram's limit for anonymous visitors. */
  loginWall: 'DFx6Login00',
  rateLimited: 'DFx7Limit00',
  /** The video file answers 403. */
  mediaBlocked: 'DFx8Blockd0',
} as const;

const LSD = 'AVqFixtureLsdToken0';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const mediaIdOf = (shortcode: string) => [...shortcode].reduce((id, c) => id * 64n + BigInt(ALPHABET.indexOf(c)), 0n).toString();
const BY_MEDIA_ID = new Map(Object.values(INSTAGRAM_SHORTCODES).map((sc) => [mediaIdOf(sc), sc]));

const HOME = `<!DOCTYPE html><html lang="en" class="no-js not-logged-in"><head><meta charset="utf-8"><title>Instagram</title>
<script type="application/json" id="__eqmc" nonce="x">{"u":"\\/ajax\\/qm\\/?__a=1&__user=0&__comet_req=7","e":"AQ_fixture","s":"q7m2ls:8d1b2c:0aa1bb","w":0,"f":"AbCdEf","l":"${LSD}"}</script>
</head><body><div id="splash-screen"></div></body></html>`;

const CDN = 'https://scontent.cdninstagram.com/o1/v/t16/f2/m86';

function video(shortcode: string, name: 'clip' | 'blocked'): Record<string, unknown> {
  const url = (w: number, h: number) => `${CDN}/${name}-${shortcode}-${w}x${h}.mp4?stp=dst-mp4&efg=fixture&_nc_ht=scontent.cdninstagram.com`;
  return {
    video_versions: [
      { type: 101, width: 720, height: 1280, url: url(720, 1280) },
      { type: 102, width: 480, height: 854, url: url(480, 854) },
      { type: 103, width: 360, height: 640, url: url(360, 640) },
    ],
    video_duration: 13.6,
    has_audio: true,
  };
}

function productInfo(shortcode: string, body: Record<string, unknown>): Record<string, unknown> {
  return {
    pk: mediaIdOf(shortcode),
    id: `${mediaIdOf(shortcode)}_1795000001`,
    code: shortcode,
    taken_at: 1781110800,
    media_type: 2,
    caption: { text: 'Night falls on the old lighthouse 🌊\n#harbor #lighthouse' },
    user: { pk: '1795000001', username: 'harbor.films', full_name: 'Harbor Films', is_private: false },
    like_count: 120,
    comment_count: 4,
    image_versions2: { candidates: [{ width: 640, height: 1136, url: `${CDN}/thumb-${shortcode}.jpg` }] },
    ...body,
  };
}

function graphqlAnswer(req: FixtureRequest): Answer {
  const form = new URLSearchParams(req.body);
  if (form.get('lsd') !== LSD || req.headers['x-fb-lsd'] !== LSD || form.get('doc_id') === null) return json({ errors: [{ message: 'A server error missing_lsd occured.' }] }, 400);
  let mediaId: unknown;
  try {
    mediaId = (JSON.parse(form.get('variables') ?? '{}') as { media_id?: unknown }).media_id;
  } catch {
    return json({ errors: [{ message: 'invalid variables' }] }, 400);
  }
  if (typeof mediaId !== 'string') return json({ errors: [{ message: 'media_id must be a string' }] }, 400);
  const shortcode = BY_MEDIA_ID.get(mediaId);
  const answer = (media: unknown) => json({ data: { xig_polaris_media: media }, extensions: { is_final: true } });
  switch (shortcode) {
    case INSTAGRAM_SHORTCODES.reel:
      return answer({ if_not_gated_logged_out: productInfo(shortcode, video(shortcode, 'clip')) });
    case INSTAGRAM_SHORTCODES.carousel:
      return answer({
        if_not_gated_logged_out: productInfo(shortcode, { media_type: 8, carousel_media: [{ media_type: 1, pk: '1', image_versions2: { candidates: [] } }, { media_type: 2, pk: '2', ...video(shortcode, 'clip') }] }),
      });
    case INSTAGRAM_SHORTCODES.photo:
      return answer({ if_not_gated_logged_out: productInfo(shortcode, { media_type: 1 }) });
    case INSTAGRAM_SHORTCODES.private:
      return answer({ if_not_gated_logged_out: null });
    case INSTAGRAM_SHORTCODES.loginWall:
      return redirect('https://www.instagram.com/accounts/login/?next=%2Fapi%2Fgraphql');
    case INSTAGRAM_SHORTCODES.rateLimited:
      return withTransportScenario('rate-limited', req, shortcode, () => json({}));
    case INSTAGRAM_SHORTCODES.mediaBlocked:
      return answer({ if_not_gated_logged_out: productInfo(shortcode, video(shortcode, 'blocked')) });
    case INSTAGRAM_SHORTCODES.deleted:
    case undefined:
      return answer(null);
  }
}

async function cdnAnswer(req: FixtureRequest): Promise<Answer> {
  const name = req.url.pathname.split('/').at(-1) ?? '';
  // Like the real CDN, media is only for requests that come from the site.
  if (req.headers.referer !== 'https://www.instagram.com/') return { status: 403, headers: { 'content-type': 'text/plain' }, body: 'Bad referer' };
  if (name.startsWith('blocked-')) return { status: 403, headers: { 'content-type': 'text/plain' }, body: 'URL signature mismatch' };
  if (name.startsWith('clip-') && name.endsWith('.mp4')) return file(await readFile(await mediaFile(req.mediaDir, 'clip.mp4')), 'video/mp4');
  return notFound(`Instagram media ${name}`);
}

export const instagram: HostModule = {
  hosts: ['www.instagram.com', 'instagram.com', 'scontent.cdninstagram.com'],
  handle(req) {
    if (req.host === 'scontent.cdninstagram.com') return cdnAnswer(req);
    const path = req.url.pathname;
    if (path === '/' && req.method === 'GET') return { ...html(HOME), headers: { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'csrftoken=FixtureCsrf0123; Domain=.instagram.com; Path=/; Secure; SameSite=Lax' } };
    if (path === '/api/graphql' && req.method === 'POST') {
      if (req.headers['x-csrftoken'] !== 'FixtureCsrf0123') return json({ message: 'CSRF token missing or incorrect', status: 'fail' }, 403);
      return graphqlAnswer(req);
    }
    if (path.startsWith('/accounts/login')) return html('<!DOCTYPE html><html><head><title>Login • Instagram</title></head><body><form id="loginForm"></form></body></html>');
    return notFound(`Instagram ${path}`);
  },
};
