// The renderer's only door to the app. The desk UI issue defines the typed `window.desk` contract;
// until then nothing is exposed.
export {};
