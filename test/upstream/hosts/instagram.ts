// www.instagram.com as a logged-out browser sees it: the home page (LSD token in `__eqmc`, a
// csrftoken cookie), `api/v1/web/get_ruling_for_content` (Instagram's own "may a visitor see this"
// check), `api/graphql` answering PolarisLoggedOutDesktopWWWPostRootContentQuery by media id,
// `graphql/query` answering PolarisPostRootQuery by shortcode (`xdt_api__v1__media__shortcode__web_info`,
// X-CSRFToken required), the `/p/<sc>/` page with its relay data (`data-sjs` →
// RelayPrefetchedStreamCache → `xig_polaris_media`), and for a signed-in session (`sessionid`
// cookie) `api/v1/media/<pk>/info/`; the CDN serves the video. Built from the field paths of
// research/upstream-video.md §3.2 and upstream-live-2026.md §3 (yt-dlp instagram.py, instaloader
// PR#2706); no recorded Instagram payload exists, and the ruling's titles are synthesized.
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
  /** Both GraphQL queries answer empty; the post page's relay data has the reel. */
  pageFallback: 'DFx9PageFb0',
  /** The logged-out query answers empty; PolarisPostRootQuery has the reel. */
  postRoot: 'DFxARootQ00',
  /** Every source answers empty (a non-browser TLS handshake, a rotated doc id): nothing says private. */
  allEmpty: 'DFxBEmpty00',
  /** The ruling says "Restricted Video" (age-restricted); signed in, the media info API has it. */
  restricted: 'DFxCRestr00',
} as const;

/** The `sessionid` cookie of a signed-in fixture session. */
export const INSTAGRAM_SESSION_ID = '1795000001%3AFixtureSession%3A12%3AAYd';

const LSD = 'AVqFixtureLsdToken0';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const mediaIdOf = (shortcode: string) => [...shortcode].reduce((id, c) => id * 64n + BigInt(ALPHABET.indexOf(c)), 0n).toString();
const BY_MEDIA_ID = new Map(Object.values(INSTAGRAM_SHORTCODES).map((sc) => [mediaIdOf(sc), sc]));
const SHORTCODES: ReadonlySet<string> = new Set(Object.values(INSTAGRAM_SHORTCODES));
const CSRF = 'FixtureCsrf0123';
const CSRF_COOKIE = `csrftoken=${CSRF}; Domain=.instagram.com; Path=/; Max-Age=31449600; Secure; SameSite=Lax`;
const APP_ID = '936619743392459';
const POST_ROOT_DOC_ID = '27128499623469141';

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

/** The post's media as Instagram's APIs give it to whoever may see it; undefined: no such post. */
function mediaOf(shortcode: string): Record<string, unknown> | undefined {
  switch (shortcode) {
    case INSTAGRAM_SHORTCODES.reel:
    case INSTAGRAM_SHORTCODES.pageFallback:
    case INSTAGRAM_SHORTCODES.postRoot:
    case INSTAGRAM_SHORTCODES.restricted:
      return productInfo(shortcode, video(shortcode, 'clip'));
    case INSTAGRAM_SHORTCODES.carousel:
      return productInfo(shortcode, { media_type: 8, carousel_media: [{ media_type: 1, pk: '1', image_versions2: { candidates: [] } }, { media_type: 2, pk: '2', ...video(shortcode, 'clip') }] });
    case INSTAGRAM_SHORTCODES.photo:
      return productInfo(shortcode, { media_type: 1 });
    case INSTAGRAM_SHORTCODES.mediaBlocked:
      return productInfo(shortcode, video(shortcode, 'blocked'));
    case INSTAGRAM_SHORTCODES.private:
    case INSTAGRAM_SHORTCODES.allEmpty:
      return productInfo(shortcode, video(shortcode, 'clip'));
    default:
      return undefined;
  }
}

/** What the logged-out surfaces show: the media for public posts Instagram lets a visitor see. */
const SHOWN_LOGGED_OUT: ReadonlySet<string> = new Set([INSTAGRAM_SHORTCODES.reel, INSTAGRAM_SHORTCODES.carousel, INSTAGRAM_SHORTCODES.photo, INSTAGRAM_SHORTCODES.mediaBlocked]);

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
  // Gated for visitors: the shape a private account's post gets.
  if (shortcode === INSTAGRAM_SHORTCODES.private) return answer({ if_not_gated_logged_out: null });
  if (shortcode === INSTAGRAM_SHORTCODES.loginWall) return redirect('https://www.instagram.com/accounts/login/?next=%2Fapi%2Fgraphql');
  if (shortcode === INSTAGRAM_SHORTCODES.rateLimited) return withTransportScenario('rate-limited', req, shortcode, () => json({}));
  // The "empty" answer: what non-browser clients, rotated doc ids and deleted posts all get.
  return shortcode !== undefined && SHOWN_LOGGED_OUT.has(shortcode) ? answer({ if_not_gated_logged_out: mediaOf(shortcode) }) : answer(null);
}

/** PolarisPostRootQuery: by shortcode, X-CSRFToken required (instaloader PR#2706). */
function postRootAnswer(req: FixtureRequest): Answer {
  const form = new URLSearchParams(req.body);
  if (req.headers['x-csrftoken'] !== CSRF) return json({ message: 'CSRF token missing or incorrect', status: 'fail' }, 403);
  if (form.get('doc_id') !== POST_ROOT_DOC_ID) return json({ errors: [{ message: 'PersistedQueryNotFound' }], status: 'ok' }, 200);
  let shortcode: unknown;
  try {
    shortcode = (JSON.parse(form.get('variables') ?? '{}') as { shortcode?: unknown }).shortcode;
  } catch {
    return json({ errors: [{ message: 'invalid variables' }] }, 400);
  }
  const items = shortcode === INSTAGRAM_SHORTCODES.postRoot || (typeof shortcode === 'string' && SHOWN_LOGGED_OUT.has(shortcode)) ? [mediaOf(shortcode)] : [];
  return json({ data: { xdt_api__v1__media__shortcode__web_info: items.length === 0 ? null : { items } }, extensions: { is_final: true }, status: 'ok' });
}

/** get_ruling_for_content: `status: ok` for every post, with Instagram's words where it withholds one. */
function rulingAnswer(req: FixtureRequest): Answer {
  if (req.headers['x-ig-app-id'] !== APP_ID) return json({ message: 'useragent mismatch', status: 'fail' }, 400);
  const shortcode = BY_MEDIA_ID.get(req.url.searchParams.get('target_id') ?? '');
  const words =
    shortcode === INSTAGRAM_SHORTCODES.restricted
      ? { title: 'Restricted Video', description: 'You must be 18 years old or over to see this video.' }
      : shortcode === INSTAGRAM_SHORTCODES.private
        ? { title: 'This account is private', description: 'Follow this account to see their photos and videos.' }
        : {};
  return { ...json({ ...words, status: 'ok' }), headers: { 'content-type': 'application/json; charset=utf-8', 'set-cookie': CSRF_COOKIE } };
}

/** The relay data of a post page: one data-sjs blob among others, the media where yt-dlp looks for it. */
function postPage(media: Record<string, unknown> | null): string {
  const relay = {
    require: [
      [
        'ScheduledServerJS',
        'handle',
        null,
        [
          {
            __bbox: {
              require: [
                ['RelayPrefetchedStreamCache', 'next', [], ['adp_PolarisPostRootQueryRelayPreloader_6a1b2c3d4e5f', { __bbox: { complete: true, result: { data: { xig_polaris_media: media === null ? null : { if_not_gated_logged_out: media } }, extensions: { is_final: true } }, sequence_number: 0 } }]],
              ],
            },
          },
        ],
      ],
    ],
  };
  const other = { require: [['ScheduledServerJS', 'handle', null, [{ __bbox: { define: [['PolarisConfig', [], { app_id: APP_ID }, 1]] } }]]] };
  return `<!DOCTYPE html><html lang="en" class="no-js not-logged-in"><head><meta charset="utf-8"><title>Instagram</title><meta property="og:type" content="video"></head><body><div id="splash-screen"></div><script type="application/json" data-content-len="812" data-sjs>${JSON.stringify(other)}</script><script type="application/json" data-content-len="4096" data-sjs>${JSON.stringify(relay)}</script></body></html>`;
}

function postPageAnswer(shortcode: string): Answer {
  switch (shortcode) {
    case INSTAGRAM_SHORTCODES.loginWall:
      return redirect(`https://www.instagram.com/accounts/login/?next=%2Fp%2F${shortcode}%2F`);
    case INSTAGRAM_SHORTCODES.pageFallback:
      return html(postPage(mediaOf(shortcode) ?? null));
    default:
      // Instagram answers a post that does not exist with its "isn't available" page and a 404.
      if (!SHORTCODES.has(shortcode) || shortcode === INSTAGRAM_SHORTCODES.deleted) {
        return html(`<!DOCTYPE html><html lang="en"><head><title>Page not found • Instagram</title></head><body><h2>Sorry, this page isn't available.</h2><p>The link you followed may be broken, or the page may have been removed.</p></body></html>`, 404);
      }
      // The page shell without the media: what a visitor gets for a post Instagram does not show them.
      return html(postPage(null));
  }
}

/** The signed-in API: the media of every existing post, for the right session cookie. */
function mediaInfoAnswer(req: FixtureRequest, mediaId: string): Answer {
  const session = /(?:^|;\s*)sessionid=([^;]+)/.exec(String(req.headers.cookie ?? ''))?.[1];
  if (session !== INSTAGRAM_SESSION_ID) return redirect(`https://www.instagram.com/accounts/login/?next=%2Fapi%2Fv1%2Fmedia%2F${mediaId}%2Finfo%2F`);
  if (req.headers['x-ig-app-id'] !== APP_ID) return json({ message: 'useragent mismatch', status: 'fail' }, 400);
  const shortcode = BY_MEDIA_ID.get(mediaId);
  const media = shortcode === undefined || shortcode === INSTAGRAM_SHORTCODES.deleted ? undefined : mediaOf(shortcode);
  if (media === undefined) return json({ message: 'Media not found or unavailable', status: 'fail' }, 400);
  return json({ items: [media], num_results: 1, more_available: false, auto_load_more_enabled: false, status: 'ok' });
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
    if (path === '/' && req.method === 'GET') return { ...html(HOME), headers: { 'content-type': 'text/html; charset=utf-8', 'set-cookie': CSRF_COOKIE } };
    if (path === '/api/v1/web/get_ruling_for_content/' && req.method === 'GET') return rulingAnswer(req);
    if (path === '/api/graphql' && req.method === 'POST') {
      if (req.headers['x-csrftoken'] !== CSRF) return json({ message: 'CSRF token missing or incorrect', status: 'fail' }, 403);
      return graphqlAnswer(req);
    }
    if (path === '/graphql/query' && req.method === 'POST') return postRootAnswer(req);
    const info = /^\/api\/v1\/media\/(\d+)\/info\/$/.exec(path);
    if (info && req.method === 'GET') return mediaInfoAnswer(req, info[1] as string);
    const post = /^\/p\/([\w-]+)\/?$/.exec(path);
    if (post && req.method === 'GET') return postPageAnswer(post[1] as string);
    if (path.startsWith('/accounts/login')) return html('<!DOCTYPE html><html><head><title>Login • Instagram</title></head><body><form id="loginForm"></form></body></html>');
    return notFound(`Instagram ${path}`);
  },
};
