/** The layer rules (see the README's Layout), checked by `npm run lint`. */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make layers impossible to reason about.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'engine-is-pure',
      severity: 'error',
      comment: 'src/engine imports nothing outside src/engine: no node:*, no npm.',
      from: { path: '^src/engine/' },
      to: { pathNot: '^src/engine/' },
    },
    {
      name: 'ratings-are-pure',
      severity: 'error',
      comment: 'src/ratings (Glicko-2) imports nothing from src and no node:*: npm packages only.',
      from: { path: '^src/ratings/' },
      to: { pathNot: '^(src/ratings/|node_modules/)' },
    },
    {
      name: 'ai-imports-engine-only',
      severity: 'error',
      from: { path: '^src/ai/' },
      to: { path: '^src/(render|game|store|adapters|i18n)/' },
    },
    {
      name: 'puzzles-import-engine-and-ai-only',
      severity: 'error',
      comment:
        'src/puzzles is pure: the engine and the AI only, no node:*, no npm (file I/O is in src/cli).',
      from: { path: '^src/puzzles/' },
      to: { pathNot: '^src/(puzzles|engine|ai)/' },
    },
    {
      name: 'render-imports-engine-only',
      severity: 'error',
      from: { path: '^src/render/' },
      to: { path: '^src/(ai|game|store|adapters)/' },
    },
    {
      name: 'only-render-primitives-touch-the-canvas',
      severity: 'error',
      comment:
        'The canvas library stays behind src/render/primitives: the painters draw on the context those hand them.',
      from: { path: '^src/', pathNot: '^src/render/primitives/' },
      to: { path: '@napi-rs/canvas' },
    },
    {
      name: 'game-does-not-know-edges',
      severity: 'error',
      from: { path: '^src/game/' },
      to: { path: '^src/(store|adapters|render)/' },
    },
    {
      name: 'store-implements-game-ports',
      severity: 'error',
      from: { path: '^src/store/' },
      to: { path: '^src/(adapters|render|ai)/' },
    },
    {
      name: 'threads-is-plumbing',
      comment: 'src/threads starts worker threads for the pools; it knows nothing of the app.',
      from: { path: '^src/threads/' },
      to: { path: '^src/(?!threads/)' },
    },
    {
      name: 'web-is-an-edge',
      severity: 'error',
      comment:
        'src/web (the board page server) works through the game service, like a chat adapter: not the stores, nor the adapters.',
      from: { path: '^src/web/' },
      to: { path: '^src/(store|adapters)/' },
    },
    {
      name: 'web-page-is-browser-code',
      severity: 'error',
      comment:
        'src/web/page runs in the browser: the engine, the pure layout and colours, the chat move picking (and the view type) only, no node:*.',
      from: { path: '^src/web/page/' },
      to: {
        pathNot:
          '^src/(web/page/|engine/|render/(layout|themes)[.]ts$|chat/buttons/move-picking[.]ts$|web/board-view[.]ts$)',
      },
    },
    {
      name: 'chat-is-shared-presentation',
      comment:
        'src/chat holds what every chat adapter does the same way (words, commands, buttons, presenting, tasks): game, engine and i18n only.',
      from: { path: '^src/chat/' },
      to: { path: '^src/(adapters|store|ai)/' },
    },
    {
      name: 'chat-names-pictures-by-type',
      comment:
        'src/chat may name the renderer’s picture contracts (type-only imports, such as the options a board is painted with); its code never runs the renderer.',
      from: { path: '^src/chat/' },
      to: { path: '^src/render/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'adapters-do-not-touch-store',
      severity: 'error',
      from: { path: '^src/adapters/' },
      to: { path: '^src/store/' },
    },
    {
      name: 'adapters-are-independent',
      severity: 'error',
      from: { path: '^src/adapters/([^/]+)/' },
      to: { path: '^src/adapters/([^/]+)/', pathNot: '^src/adapters/$1/' },
    },
    {
      name: 'src-does-not-import-tests',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench)/' },
    },
    {
      name: 'reference-generator-is-independent',
      severity: 'error',
      comment: 'The reference move generator must share no code with the fast engine.',
      from: { path: '^test/support/reference/' },
      to: { path: '^src/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
