// `npm test` prints this first: cores, Node, and the speech engine's speed on this machine today.
import { machineLine } from '../test/helpers/machine';

process.stdout.write(`${machineLine()}\n`);
