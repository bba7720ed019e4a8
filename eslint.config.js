import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Type-checked rules still to turn on (issue 13): each had findings when typed lint was switched
 * on, and is off until they are fixed properly, not waived.
 */
const PENDING_TYPED_RULES = [
  'no-unnecessary-condition',
  'require-await',
  'no-unsafe-assignment',
  'no-unsafe-member-access',
  'no-unsafe-argument',
  'no-unsafe-call',
  'no-unsafe-return',
  'no-unsafe-enum-comparison',
  'no-base-to-string',
  'only-throw-error',
  'unbound-method',
  'prefer-promise-reject-errors',
  'restrict-template-expressions',
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly' },
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-constant-condition': ['error', { checkLoops: false }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['**/*.ts'],
    rules: {
      // A switch over a union lists every case, or says with `default` what the rest do.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      ...Object.fromEntries(
        PENDING_TYPED_RULES.map((rule) => [`@typescript-eslint/${rule}`, 'off']),
      ),
    },
  },
);
