import { describeHostileInput } from './hostile-input.property';

// Half 1 of the hostile-input suite (hostile-input.property.ts): the halves run side by side on the machine's cores.
await describeHostileInput({ index: 0, of: 2 });
