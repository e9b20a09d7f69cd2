export default function Page() {
  return <h1>profile-bonuses</h1>;
}
