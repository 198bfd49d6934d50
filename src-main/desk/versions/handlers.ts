// The versions operations of the desk's handler table (contract/versions.ts).
import type { DeskDeps } from '../deps';
import type { HandlerGroup } from '../handlers';
import { chooseVersion, deleteVersion, editVersion, listVersions, versionContent } from './index';
import { retranscribe } from './retranscribe';

export const versionHandlers = (deps: DeskDeps): HandlerGroup<'versions'> => ({
  'versions.list': (input) => listVersions(deps, input.ref),
  'versions.get': (input) => versionContent(deps, input.ref, input.id),
  'versions.edit': (input) => editVersion(deps, input.ref, input.from, input.edit),
  'versions.choose': (input) => chooseVersion(deps, input.ref, input.id),
  'versions.delete': (input) => deleteVersion(deps, input.ref, input.id),
  'versions.retranscribe': (input) => retranscribe(deps, input),
});
