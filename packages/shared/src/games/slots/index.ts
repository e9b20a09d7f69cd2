import { dragonHoard } from './machines/dragon-hoard.ts';
import { frostyFortunes } from './machines/frosty-fortunes.ts';
import { luckyClover } from './machines/lucky-clover.ts';
import { neonNights } from './machines/neon-nights.ts';
import { pharaohsVault } from './machines/pharaohs-vault.ts';
import { createSlotEngine, type SlotEngine } from './slot-engine.ts';

export const SLOT_MACHINES = [frostyFortunes, luckyClover, neonNights, pharaohsVault, dragonHoard];

/** The slot engine's themed machines (one engine key per machine: `slot:<identity>`). */
export const SLOT_ENGINES: SlotEngine[] = SLOT_MACHINES.map(createSlotEngine);
