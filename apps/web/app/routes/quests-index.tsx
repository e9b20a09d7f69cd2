export default function Page() {
  return <h1>quests-index</h1>;
}
