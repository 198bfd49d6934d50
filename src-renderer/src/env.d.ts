// Vite turns CSS imports into <link>s of the build.
declare module '*.css';
