export default function Page() {
  return <h1>quests-achievements</h1>;
}
