import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

// A garbage collection on demand, as `node --expose-gc` gives it.
setFlagsFromString('--expose-gc')
export const collectGarbage = runInNewContext('gc') as () => void
