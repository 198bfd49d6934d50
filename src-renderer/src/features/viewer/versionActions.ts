// The versions panel's actions: each asks the desk, then puts what it answered in the versions
// store; a refusal is said in a notice in the desk's words. A new version (an edit, a
// re-transcription) is shown at once: it is also the export version now.
import type { TranscriptRef } from '#shared/contract/transcript';
import type { Edit } from '#shared/contract/versions';
import type { OperationInput } from '#shared/contract/operations';
import { deskErrorOf } from '#shared/contract/result';
import { desk } from '../../lib/desk';
import { useApp } from '../../stores/app';
import { useVersions } from '../../stores/versions';

const store = () => useVersions.getState();
const fail = (error: unknown) => useApp.getState().notify('error', deskErrorOf(error).message);
/** Only answers for the transcript still open are applied (the person may have opened another). */
const stillOpen = (ref: TranscriptRef) => store().ref === ref;

async function show(ref: TranscriptRef, id: string | null): Promise<void> {
  if (id === null) {
    store().set({ shown: null, editing: null });
    return;
  }
  const shown = await desk().invoke('versions.get', { ref, id });
  if (stillOpen(ref)) store().set({ shown, editing: null });
}

async function afterNewVersion(ref: TranscriptRef, id: string, done: string): Promise<void> {
  const view = await desk().invoke('versions.list', { ref });
  if (!stillOpen(ref)) return;
  store().set({ view });
  await show(ref, id);
  useApp.getState().notify('info', done);
}

export const versionActions = {
  /** The panel opened for `ref`: its versions, the export version shown. */
  load: async (ref: TranscriptRef) => {
    store().reset(ref);
    try {
      const view = await desk().invoke('versions.list', { ref });
      if (!stillOpen(ref)) return;
      store().set({ view });
      await show(ref, view.exportVersion);
    } catch (error) {
      fail(error);
    }
  },
  show: (ref: TranscriptRef, id: string | null) => show(ref, id).catch(fail),
  edit: async (ref: TranscriptRef, edit: Edit) => {
    try {
      const { version } = await desk().invoke('versions.edit', { ref, from: store().shown?.id ?? null, edit });
      await afterNewVersion(ref, version.id, `Saved as ${version.name}; exports use it`);
      return true;
    } catch (error) {
      fail(error);
      return false;
    }
  },
  choose: async (ref: TranscriptRef, id: string | null) => {
    try {
      const view = await desk().invoke('versions.choose', { ref, id });
      if (stillOpen(ref)) store().set({ view });
    } catch (error) {
      fail(error);
    }
  },
  remove: async (ref: TranscriptRef, id: string) => {
    try {
      const view = await desk().invoke('versions.delete', { ref, id });
      if (!stillOpen(ref)) return;
      store().set({ view });
      if (store().shown?.id === id) await show(ref, view.exportVersion);
    } catch (error) {
      fail(error);
    }
  },
  retranscribe: async (input: OperationInput<'versions.retranscribe'>) => {
    const { ref } = input;
    store().set({ busy: `Transcribing again with ${input.engine}…` });
    try {
      const { version } = await desk().invoke('versions.retranscribe', input);
      await afterNewVersion(ref, version.id, `Transcribed again: ${version.name}`);
    } catch (error) {
      fail(error);
    } finally {
      if (stillOpen(ref)) store().set({ busy: null });
    }
  },
};
