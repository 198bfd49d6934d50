// Why the sign-in screen is showing, when it is not the first visit: the server restarted (its
// sessions die with its process) and this page's session went with it.
import { create } from 'zustand';

export const SESSION_ENDED = 'The server restarted, so this page was signed out: sign in again.';

export const useSignInNotice = create<{ notice: string | null }>()(() => ({ notice: null }));

export const setSignInNotice = (notice: string | null): void => useSignInNotice.setState({ notice });
