// B6's floor: create-vite 9.3.0's `template-react`, unchanged but for this file, which adds the same
// precompression as Heartline's build (apps/web/build/compression.ts) so that both are served alike.
// Built by bench/b6-web-lighthouse.mjs with the repository's vite, @vitejs/plugin-react and React.
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompressBundle } from '../../../apps/web/build/compression'

// https://vite.dev/config/
export default defineConfig({
  plugins: [react(), precompressBundle()],
})
