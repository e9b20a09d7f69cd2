export default function Page() {
  return <h1>quests</h1>;
}
