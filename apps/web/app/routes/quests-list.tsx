export default function Page() {
  return <h1>quests-list</h1>;
}
