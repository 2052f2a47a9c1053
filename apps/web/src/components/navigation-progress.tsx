import { useNavigation } from 'react-router';
import classes from './navigation-progress.module.css';

/**
 * A thin bar at the top while the router loads the next screen (its code chunk, its data).
 * It appears only after a short delay, so fast navigations do not flicker.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className={classes.bar} role="progressbar" aria-label="Loading page" />;
}
